import { layout } from '../layout';
import type { RenderedMail } from '../types';
import { oneLine } from './format';

type MeetingMail = { baseUrl: string; link: string; productName: string; when: string; where: string };

/** To buyer and seller once a meeting time is confirmed; the .ics file goes with it. */
export function meetingConfirmedMail(m: MeetingMail): RenderedMail {
  return layout({
    title: `Meeting confirmed: ${oneLine(m.productName)}`,
    paragraphs: [
      `You meet to hand over "${m.productName}" on ${m.when} at ${m.where}.`,
      'The calendar file attached adds it to your calendar. Meet in a public place, and check the item before the hand-off.',
    ],
    action: { label: 'Open the booking', url: `${m.baseUrl}${m.link}` },
    baseUrl: m.baseUrl,
  });
}

/** Two hours before a confirmed meeting, to both. */
export function meetingReminderMail(m: MeetingMail): RenderedMail {
  return layout({
    title: `In 2 hours: meeting for ${oneLine(m.productName)}`,
    paragraphs: [
      `Reminder: you meet to hand over "${m.productName}" on ${m.when} at ${m.where}.`,
      'If you cannot make it, tell the other side through the booking now.',
    ],
    action: { label: 'Open the booking', url: `${m.baseUrl}${m.link}` },
    baseUrl: m.baseUrl,
  });
}
