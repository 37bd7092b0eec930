// domain/ runs in the browser, the worker and Node, so it is typed against neither DOM nor Node.
// These are the only platform globals it uses; all three worlds provide them with these shapes.
declare class TextEncoder {
  encode(input?: string): Uint8Array<ArrayBuffer>;
}
declare class TextDecoder {
  constructor(label?: string);
  decode(input?: ArrayBufferView | ArrayBuffer): string;
}
declare const crypto: {
  readonly subtle: {
    digest(algorithm: 'SHA-256', data: Uint8Array<ArrayBuffer>): Promise<ArrayBuffer>;
    importKey(
      format: 'raw',
      keyData: Uint8Array<ArrayBuffer>,
      algorithm: 'PBKDF2' | { name: 'HMAC'; hash: 'SHA-256' },
      extractable: false,
      usages: ('deriveBits' | 'sign')[],
    ): Promise<unknown>;
    deriveBits(
      algorithm: { name: 'PBKDF2'; hash: 'SHA-256'; salt: Uint8Array<ArrayBuffer>; iterations: number },
      key: unknown,
      length: number,
    ): Promise<ArrayBuffer>;
    sign(algorithm: 'HMAC', key: unknown, data: Uint8Array<ArrayBuffer>): Promise<ArrayBuffer>;
  };
};
