/**
 * The names an alarm is shown with — its device's name and code, its project's name — for a query
 * of `peceventextend` that joins `terminal` and `project`. The escalation banner and the big screen's
 * ticker name an alarm alike (the fields a pushed alarm.raised carries).
 */
export const EVENT_NAME_COLUMNS = ['terminal.name as deviceName', 'terminal.code as deviceCode', 'project.name as projectName'] as const;
