// heic-decode 2 ships no types: the calls used here (libheif compiled to WebAssembly).
declare module 'heic-decode' {
  interface DecodedHeic {
    width: number;
    height: number;
    /** RGBA, 4 bytes a pixel. */
    data: Uint8ClampedArray;
  }
  /** One top-level image: its size known from the container, its pixels decoded only when asked. */
  interface HeicImage {
    width: number;
    height: number;
    decode(): Promise<DecodedHeic>;
  }
  function decode(input: { buffer: Uint8Array }): Promise<DecodedHeic>;
  namespace decode {
    /** Every top-level image, undecoded; `dispose` frees them. */
    function all(input: { buffer: Uint8Array }): Promise<HeicImage[] & { dispose(): void }>;
  }
  export default decode;
}
