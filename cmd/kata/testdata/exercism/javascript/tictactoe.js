const LINES = [
  [[0, 0], [0, 1], [0, 2]], [[1, 0], [1, 1], [1, 2]], [[2, 0], [2, 1], [2, 2]],
  [[0, 0], [1, 0], [2, 0]], [[0, 1], [1, 1], [2, 1]], [[0, 2], [1, 2], [2, 2]],
  [[0, 0], [1, 1], [2, 2]], [[0, 2], [1, 1], [2, 0]],
];

const count = (board, mark) => board.join('').split('').filter((c) => c === mark).length;
const won = (board, mark) => LINES.some((line) => line.every(([r, c]) => board[r][c] === mark));

export const gamestate = (board) => {
  const xs = count(board, 'X');
  const os = count(board, 'O');
  if (os > xs) throw new Error('Wrong turn order: O started');
  if (xs - os > 1) throw new Error('Wrong turn order: X went twice');
  const xWon = won(board, 'X');
  const oWon = won(board, 'O');
  if (xWon && oWon) throw new Error('Impossible board: game should have ended after the game was won');
  if (xWon || oWon) return 'win';
  if (xs + os === 9) return 'draw';
  return 'ongoing';
};
