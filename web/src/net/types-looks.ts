// What a player looks like and the achievements that earn the items worn (docs/protocol.md,
// "Achievements and looks"), as types.ts's messages carry them.

/** What a player looks like (docs/protocol.md, "Achievements and looks"). */
export interface Look {
  /** 0..11, or -1 when none was chosen (a face is then drawn from the player's id). */
  readonly face: number;
  /** The item of an achievement the player holds, or "". */
  readonly wearing: string;
}

export const NO_LOOK: Look = { face: -1, wearing: '' };

/** One achievement, in the seed's words: "It looks like you might be a <title>. You can now wear a <itemName> while playing." */
export interface Achievement {
  readonly id: string;
  readonly name: string;
  readonly how: string;
  readonly title: string;
  readonly item: string;
  readonly itemName: string;
}

/** An achievement in the list, with when it was earned (ms since 1970), or null. */
export interface AchievementEntry extends Achievement {
  readonly earned: number | null;
}
