// What the server says about ratings (docs/protocol.md, "Ratings" and "Leaderboards"),
// as types.ts's messages carry it.

/** A rated game's change to my rating (docs/protocol.md, "Ratings"). */
export interface RatingChange {
  readonly table: string;
  /** `standard` for the default rules, else the rules in full (a board of their own). */
  readonly board: string;
  /** My place among the people at the table, from 1. */
  readonly place: number;
  /** My rated games on this board, this one included. */
  readonly games: number;
  readonly provisional: boolean;
  readonly before: number;
  readonly after: number;
  /** The share of the model's change that counted (0 to 1), and why it is less, or "". */
  readonly counted: number;
  readonly reason: string;
  /** `reason`'s clauses as codes, each worded by the page in a sentence of its own ([] from a server before them). */
  readonly why: readonly { readonly msg: string; readonly args: Readonly<Record<string, string | number>> }[];
}

/** A board's leaders, my rank there and my ratings (docs/protocol.md, "Leaderboards"). */
export interface Leaderboard {
  readonly board: string;
  /** The page of the leaders, 0 or 1 (50 a page: the top 100); 0 from a server before pages. */
  readonly page: number;
  /** Whether the next page (within the top 100) has leaders too; false from a server before pages. */
  readonly more: boolean;
  readonly leaders: readonly { readonly rank: number; readonly player: string; readonly name: string; readonly rating: number; readonly games: number }[];
  /** My rank on the board, from 1; 0 when I am not ranked there. */
  readonly rank: number;
  readonly boards: readonly BoardRating[];
  /** My rating on this board after each of my last 100 rated games there, oldest first. */
  readonly history: readonly RatingPoint[];
}

/** A player's rating on one board. */
export interface BoardRating {
  readonly board: string;
  readonly rating: number;
  readonly games: number;
  readonly provisional: boolean;
  /**
   * The rating's uncertainty on its scale (40 × σ): it narrows as they play. Left out by a
   * server before it.
   */
  readonly sigma?: number;
}

/** A player's rating after one of their rated games (`at`: when it ended, ms since the epoch). */
export interface RatingPoint {
  readonly at: number;
  readonly rating: number;
  readonly games: number;
}

/** A player's ratings, for the dialog their name opens (docs/protocol.md, "Leaderboards"). */
export interface Profile {
  readonly player: string;
  readonly name: string;
  /** Their rank on the default rules' board; 0 when not ranked. */
  readonly rank: number;
  readonly boards: Leaderboard['boards'];
  /**
   * How many of their rated games on the default rules' board they finished 1st, 2nd, 3rd
   * and 4th among the people there; [] from a server before it.
   */
  readonly places: readonly number[];
  /** Their rating on the default rules' board after each of their last rated games there, oldest first; [] from a server before it. */
  readonly history: readonly RatingPoint[];
}
