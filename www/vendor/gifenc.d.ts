// The part of gifenc 1.0.3's API that the page uses (tools/export.js), declared for the type
// check of www/ (tsc reads this in place of the vendored gifenc.js, which stays as published).

/** A palette: colours as [r, g, b] or [r, g, b, a]. */
export type Palette = number[][];

export interface Encoder {
  writeFrame(index: Uint8Array, width: number, height: number, options?: { palette?: Palette; delay?: number; transparent?: boolean; repeat?: number }): void;
  finish(): void;
  bytes(): Uint8Array<ArrayBuffer>;
}

export function GIFEncoder(options?: { auto?: boolean; initialCapacity?: number }): Encoder;
export function quantize(rgba: Uint8Array | Uint8ClampedArray, maxColors: number, options?: { format?: 'rgb565' | 'rgb444' | 'rgba4444' }): Palette;
export function applyPalette(rgba: Uint8Array | Uint8ClampedArray, palette: Palette, format?: 'rgb565' | 'rgb444' | 'rgba4444'): Uint8Array;
