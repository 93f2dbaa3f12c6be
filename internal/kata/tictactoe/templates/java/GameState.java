/** The state of a game of tic-tac-toe, as Exercism's exercise names it. */
enum GameState {
    WIN,
    DRAW,
    ONGOING
}
