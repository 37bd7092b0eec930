export interface LoginChallenge {
  nonce: string;
  salt: string;
  n: number;
  r: number;
  p: number;
}
export interface LoginPayload {
  userName: string;
  password: string;
  nonce: string;
  timestamps: number;
  client: 'web';
}
export interface EnvelopeLike {
  code: number;
  msg: string;
  data: unknown;
}
export declare const wireDigest: (plain: string) => string;
export declare function loginPayload(
  userName: string,
  plain: string,
  challenge: LoginChallenge,
  timestamps?: number,
): Promise<LoginPayload>;
export declare function loginWith<E extends EnvelopeLike>(
  post: (path: string, body: object) => Promise<E>,
  userName: string,
  plain: string,
  timestamps?: number,
): Promise<E>;
