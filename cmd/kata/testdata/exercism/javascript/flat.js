const WINS = [[0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8], [0, 4, 8], [2, 4, 6]];

export function gamestate(board) {
  const cells = board.join('');
  const x = [...cells].filter((c) => c === 'X').length;
  const o = [...cells].filter((c) => c === 'O').length;
  const winners = new Set(
    WINS.filter(([a, b, c]) => cells[a] !== ' ' && cells[a] === cells[b] && cells[b] === cells[c]).map(([a]) => cells[a]),
  );
  if (x < o) throw new Error('Wrong turn order: O started');
  if (x > o + 1) throw new Error('Wrong turn order: X went twice');
  if (winners.size > 1) throw new Error('Impossible board: game should have ended after the game was won');
  if (winners.size === 1) return 'win';
  return cells.includes(' ') ? 'ongoing' : 'draw';
}
