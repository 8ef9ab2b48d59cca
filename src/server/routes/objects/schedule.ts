// A notification's schedule fields → its cron expression and the sentence people read.
const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

const num = (v: unknown, fallback: number) => (typeof v === 'number' ? v : fallback);
const pad = (n: number) => String(n).padStart(2, '0');

export function schedule(n: Record<string, unknown>): {cronExpression: string; humanReadableSchedule: string} {
  const minute = num(n.minute, 0);
  const hour = num(n.hour, 9);
  const at = `${pad(hour)}:${pad(minute)}`;
  const tz = typeof n.timezone === 'string' ? n.timezone : 'UTC';
  switch (n.scheduleType) {
    case 'HOURLY':
      return {cronExpression: `${minute} * * * *`, humanReadableSchedule: `Every hour at minute ${minute} (${tz})`};
    case 'WEEKLY': {
      const day = num(n.dayOfWeek, 1);
      return {cronExpression: `${minute} ${hour} * * ${day}`, humanReadableSchedule: `Every ${DAYS[day] ?? 'Monday'} at ${at} (${tz})`};
    }
    case 'MONTHLY': {
      const day = num(n.dayOfMonth, 1);
      return {cronExpression: `${minute} ${hour} ${day} * *`, humanReadableSchedule: `Monthly on day ${day} at ${at} (${tz})`};
    }
    case 'CUSTOM':
      return {cronExpression: String(n.customCron), humanReadableSchedule: `Custom schedule \`${String(n.customCron)}\` (${tz})`};
    default:
      return {cronExpression: `${minute} ${hour} * * *`, humanReadableSchedule: `Every day at ${at} (${tz})`};
  }
}
