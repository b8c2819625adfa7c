//! Tic-tac-toe: perfect information, two seats. Cells are numbered 0–8 row by row from
//! the top left; a position is nine characters of `x`, `o` and `.`, x moving first.

use rand::RngCore;
use trio_core::{Facts, Game, NotationError, Outcome, Seat, Turn};

#[derive(Clone, Copy, Debug, Default)]
pub struct TicTacToe;

/// Marks by cell: 0 empty, 1 x (seat 0), 2 o (seat 1).
pub type Board = [u8; 9];

const LINES: [[usize; 3]; 8] = [
    [0, 1, 2],
    [3, 4, 5],
    [6, 7, 8],
    [0, 3, 6],
    [1, 4, 7],
    [2, 5, 8],
    [0, 4, 8],
    [2, 4, 6],
];

fn winner(board: &Board) -> Option<u8> {
    LINES
        .iter()
        .find(|l| board[l[0]] != 0 && board[l[0]] == board[l[1]] && board[l[1]] == board[l[2]])
        .map(|l| board[l[0]])
}

fn marks(board: &Board) -> usize {
    board.iter().filter(|&&c| c != 0).count()
}

impl Game for TicTacToe {
    type State = Board;
    type Action = u8;
    type View = Board;

    fn name(&self) -> &'static str {
        "tictactoe"
    }

    fn seat_count(&self) -> usize {
        2
    }

    fn facts(&self) -> Facts {
        Facts {
            seats: 2..=2,
            chance: false,
            hidden_information: false,
            seat_views: false,
            longest_game: 9,
        }
    }

    fn seat_name(&self, seat: Seat) -> String {
        if seat.0 == 0 { "x" } else { "o" }.to_owned()
    }

    fn new_game(&self) -> Board {
        [0; 9]
    }

    fn turn(&self, board: &Board) -> Turn {
        if winner(board).is_some() || marks(board) == 9 {
            Turn::Over
        } else {
            Turn::Seat(Seat((marks(board) % 2) as u8))
        }
    }

    fn legal_actions(&self, board: &Board, out: &mut Vec<u8>) {
        out.clear();
        if self.turn(board) != Turn::Over {
            out.extend((0..9).filter(|&c| board[c as usize] == 0));
        }
    }

    fn chance_outcomes(&self, _: &Board, out: &mut Vec<(u8, f64)>) {
        out.clear();
    }

    fn apply(&self, board: &mut Board, action: &u8) {
        board[*action as usize] = 1 + (marks(board) % 2) as u8;
    }

    fn outcome(&self, board: &Board) -> Option<Outcome> {
        match winner(board) {
            Some(mark) => Some(Outcome::win(Seat(mark - 1), 2)),
            None if marks(board) == 9 => Some(Outcome::draw(2)),
            None => None,
        }
    }

    fn view(&self, board: &Board, _: Seat) -> Board {
        *board
    }

    fn public_view(&self, s: &Self::State) -> Self::View {
        *s
    }

    fn view_json(&self, view: &Self::View) -> serde_json::Value {
        serde_json::json!({ "position": self.format_position(view) })
    }

    fn determinize(&self, view: &Board, _: &mut dyn RngCore) -> Board {
        *view
    }

    fn parse_position(&self, text: &str) -> Result<Board, NotationError> {
        let chars: Vec<char> = text.chars().collect();
        if chars.len() != 9 {
            return Err(NotationError::new(format!("{} cells, not 9", chars.len())));
        }
        let mut board = [0; 9];
        for (cell, c) in board.iter_mut().zip(chars) {
            *cell = match c {
                '.' => 0,
                'x' => 1,
                'o' => 2,
                _ => return Err(NotationError::new(format!("unknown mark {c:?}"))),
            };
        }
        let xs = board.iter().filter(|&&c| c == 1).count();
        let os = board.iter().filter(|&&c| c == 2).count();
        if xs != os && xs != os + 1 {
            return Err(NotationError::new(format!(
                "{xs} x and {os} o cannot happen"
            )));
        }
        Ok(board)
    }

    fn format_position(&self, board: &Board) -> String {
        board.iter().map(|&c| ['.', 'x', 'o'][c as usize]).collect()
    }

    fn parse_action(&self, _: &Board, text: &str) -> Result<u8, NotationError> {
        match text.parse::<u8>() {
            Ok(cell) if cell < 9 => Ok(cell),
            _ => Err(NotationError::new(format!("no cell {text:?}"))),
        }
    }

    fn format_action(&self, _: &Board, action: &u8) -> String {
        action.to_string()
    }

    fn draw(&self, board: &Board) -> String {
        let text = self.format_position(board);
        format!("{}\n{}\n{}\n", &text[0..3], &text[3..6], &text[6..9])
    }
}
