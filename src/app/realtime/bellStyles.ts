/**
 * The bell's actions are labelled buttons (issue 30: links in 11 px text were hard to hit and to read);
 * its rows are 14 px at 1366 and scale with the wall's rem like the rest of the header.
 */
export const BELL_ACTION = 'rounded border border-line px-2 py-0.5 text-sm text-brand hover:bg-surface-2';
export const BELL_ROW = 'border-b border-line px-4 py-1.5 text-sm last:border-b-0';
