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
  client: LoginClientKind;
}
export type LoginClientKind = 'web' | 'kiosk' | 'api';
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
  client?: LoginClientKind,
): Promise<LoginPayload>;
export declare function loginWith<E extends EnvelopeLike>(
  post: (path: string, body: object) => Promise<E>,
  userName: string,
  plain: string,
  timestamps?: number,
  client?: LoginClientKind,
): Promise<E>;
