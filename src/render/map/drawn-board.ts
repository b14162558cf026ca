// What a board and a picture are as pixels: layers.ts draws them, board-store.ts keeps boards on disk.

/**
 * A picture as the rows of an RGB PNG before compression: each row a filter byte (0, none) and its
 * pixels, three bytes each. Drawn straight into this form, a picture is compressed without a copy,
 * and a quarter fewer bytes to compress than RGBA (the picture is opaque).
 */
export interface PngRows {
  rows: Buffer;
  width: number;
  height: number;
}

export interface DrawnBoard extends PngRows {
  /** The owner colours the rows hold: those of the picture that drew the board. */
  fills: number[];
  /**
   * Where owner-coloured shape i shows, as runs of pixels along a row: runs[2k] is where run k starts in
   * rows, runs[2k + 1] where it ends, for k in start[i] .. start[i + 1]. A centre's land is a few dozen
   * runs where it was thousands of pixels: 1648's regions take 0.1 MB instead of 1 MB.
   */
  regions: { start: Int32Array; runs: Int32Array };
  /** Name pixels over shape i (laid on again after a new fill), with their colour: at[start[i] .. start[i + 1]). */
  names: { start: Int32Array; at: Int32Array; colour: Uint32Array };
}
