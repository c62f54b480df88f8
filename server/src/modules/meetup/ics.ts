/**
 * A meeting as an iCalendar file (RFC 5545): one event at the confirmed time, written in the meeting
 * place's time zone (DTSTART;TZID=...) with a VTIMEZONE that gives that zone's offset at that time,
 * so calendars show it at the right local hour wherever the reader is.
 */

/** The wall-clock time of an instant in a zone, as iCalendar's local DATE-TIME (YYYYMMDDTHHMMSS). */
function localStamp(at: Date, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}${parts.month}${parts.day}T${parts.hour}${parts.minute}${parts.second}`;
}

/** The zone's UTC offset at an instant, as iCalendar writes it (+0600, -0430). */
export function utcOffset(at: Date, timeZone: string): string {
  const name = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
    .formatToParts(at)
    .find((p) => p.type === 'timeZoneName')?.value;
  const m = /GMT([+-])(\d{2}):(\d{2})/.exec(name ?? '');
  return m ? `${m[1]}${m[2]}${m[3]}` : '+0000';
}

const utcStamp = (at: Date) =>
  at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** TEXT values: backslash, semicolon, comma and newlines escaped. */
const esc = (s: string) => s.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');

/** Lines longer than 75 octets are folded (CRLF and a space), never inside a UTF-8 character. */
function fold(line: string): string {
  const out: string[] = [];
  let cur = '';
  let bytes = 0;
  for (const ch of line) {
    const n = Buffer.byteLength(ch);
    if (bytes + n > (out.length ? 74 : 75)) {
      out.push(cur);
      cur = '';
      bytes = 0;
    }
    cur += ch;
    bytes += n;
  }
  out.push(cur);
  return out.join('\r\n ');
}

export type IcsMeeting = {
  orderId: string;
  host: string;
  shopName: string;
  productName: string;
  time: Date;
  timeZone: string;
  place: string;
  address: string;
  lat: number | null;
  lng: number | null;
  url: string;
  now: Date;
};

/** The .ics text of a confirmed meeting (30 minutes, a reminder 2 hours before). */
export function meetingIcs(m: IcsMeeting): string {
  const offset = utcOffset(m.time, m.timeZone);
  const end = new Date(m.time.getTime() + 30 * 60_000);
  const where = [m.place, m.address].filter(Boolean).join(', ');
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:-//${esc(m.shopName)}//Meetings//EN`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VTIMEZONE',
    `TZID:${m.timeZone}`,
    'BEGIN:STANDARD',
    'DTSTART:19700101T000000',
    `TZOFFSETFROM:${offset}`,
    `TZOFFSETTO:${offset}`,
    'END:STANDARD',
    'END:VTIMEZONE',
    'BEGIN:VEVENT',
    `UID:meeting-${m.orderId}@${m.host}`,
    `DTSTAMP:${utcStamp(m.now)}`,
    `DTSTART;TZID=${m.timeZone}:${localStamp(m.time, m.timeZone)}`,
    `DTEND;TZID=${m.timeZone}:${localStamp(end, m.timeZone)}`,
    `SUMMARY:${esc(`Hand-off: ${m.productName}`)}`,
    `LOCATION:${esc(where)}`,
    ...(m.lat !== null && m.lng !== null ? [`GEO:${m.lat};${m.lng}`] : []),
    `DESCRIPTION:${esc(`Meet to hand over "${m.productName}" (${m.shopName}). Check the item before you confirm the hand-off. ${m.url}`)}`,
    `URL:${m.url}`,
    'BEGIN:VALARM',
    'ACTION:DISPLAY',
    'DESCRIPTION:Meeting in 2 hours',
    'TRIGGER:-PT2H',
    'END:VALARM',
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(fold).join('\r\n')}\r\n`;
}

/** A time as people read it at the meeting place: "Sat 28 Nov 2026, 15:00 (Asia/Dhaka)". */
export function localTime(at: Date, timeZone: string): string {
  const s = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(at);
  return `${s} (${timeZone})`;
}
