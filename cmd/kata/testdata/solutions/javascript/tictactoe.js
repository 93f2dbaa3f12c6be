// A solution to Exercism's state-of-tic-tac-toe exercise in JavaScript, written as the track
// asks (an ES module exporting gamestate, throwing an Error with the exercise's message), and
// not for this project: TestStartingPointsRunRedThenGreen puts it, unchanged, in the starting point.

const WIN_LINES = [
  [0, 1, 2], [3, 4, 5], [6, 7, 8],
  [0, 3, 6], [1, 4, 7], [2, 5, 8],
  [0, 4, 8], [2, 4, 6],
];

const hasWon = (cells, mark) => WIN_LINES.some((line) => line.every((i) => cells[i] === mark));

export const gamestate = (board) => {
  if (board.length !== 3 || board.some((row) => row.length !== 3)) {
    throw new Error('Invalid board');
  }
  const cells = board.join('').split('');
  if (cells.some((c) => !['X', 'O', ' '].includes(c))) {
    throw new Error('Invalid board');
  }
  const xs = cells.filter((c) => c === 'X').length;
  const os = cells.filter((c) => c === 'O').length;
  if (os > xs) throw new Error('Wrong turn order: O started');
  if (xs - os > 1) throw new Error('Wrong turn order: X went twice');
  const xWon = hasWon(cells, 'X');
  const oWon = hasWon(cells, 'O');
  if ((xWon && oWon) || (xWon && xs === os) || (oWon && xs > os)) {
    throw new Error('Impossible board: game should have ended after the game was won');
  }
  if (xWon || oWon) return 'win';
  if (!cells.includes(' ')) return 'draw';
  return 'ongoing';
};
