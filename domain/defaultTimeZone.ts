/**
 * The project time zone until a setting says otherwise. Apart from ./timeZone.ts (date-fns) so the
 * browser's entry chunk, which only needs the name, carries no calendar code.
 */
export const DEFAULT_TIME_ZONE = 'Asia/Shanghai';
