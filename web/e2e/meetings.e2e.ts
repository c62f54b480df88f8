import { apiSignUp, expect, newWatchedPage, screenshot, test, uniqueEmail } from './support/fixtures';
import { apiAddProduct, expectToast, productFixture, visible } from './support/journey';

const PHONE = { width: 390, height: 844 };

/** The next whole hour, a day ahead, as a `datetime-local` value in the browser's zone. */
function tomorrowAt(hour: number) {
  const d = new Date(Date.now() + 24 * 60 * 60_000);
  d.setHours(hour, 0, 0, 0);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:00`;
}

/** The hour and minute of a local `datetime-local` value as the meeting place (Dhaka) reads it. */
const inDhaka = (local: string) =>
  new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Dhaka', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
    new Date(local),
  );

/**
 * Issue 27: on a phone, a buyer books an item in Dhaka at a suggested safe meetup spot and offers a
 * time; the seller confirms it in Sales; both see the confirmed time and place, with a calendar file.
 */
test('Meeting: book with a suggested spot and a time, the seller confirms, both see it (390 px)', async ({ page, browser }) => {
  const name = `E2E Meet camera ${Date.now().toString(36)}`;
  await page.setViewportSize(PHONE);
  await apiSignUp(page.request, uniqueEmail('meet-seller'), 'Mona Meet Seller', 'seller-pass-123', true);
  const { insertedId } = await apiAddProduct(page.request, { ...productFixture(name), location: 'Dhaka - Gulshan' });

  const buyer = await newWatchedPage(browser);
  await buyer.page.setViewportSize(PHONE);
  await apiSignUp(buyer.context.request, uniqueEmail('meet-buyer'), 'Bilal Meet Buyer', 'buyer-pass-123');
  const b = buyer.page;
  await b.goto(`/product/${insertedId}`);
  await b
    .getByRole('button', { name: /^Buy now/ })
    .first()
    .click();
  const modal = await visible(b.getByRole('dialog', { name: `Book ${name}` }));
  // The safe spots nearest to the item are offered; choosing one fills the meeting location.
  const spots = modal.getByRole('group', { name: 'Safe meetup spot' });
  await spots.getByRole('radio', { name: /Dhaka Police Station lobby/ }).check();
  await expect(modal.getByLabel('Meeting location', { exact: true })).toHaveValue('Dhaka Police Station lobby');
  await modal.getByLabel('Phone', { exact: true }).fill('+880 1711 223344');
  await modal.getByLabel('Meeting time 1').fill(tomorrowAt(15));
  await modal.getByRole('button', { name: 'Add another time' }).click();
  await modal.getByLabel('Meeting time 2').fill(tomorrowAt(17));
  await screenshot(b, 'meeting-booking-390', { fullPage: false });
  await modal.getByRole('button', { name: 'Submit', exact: true }).click();
  await expectToast(b, 'Order Placed Successfully!');
  await modal.waitFor({ state: 'hidden' });

  // The seller confirms the second time in Sales.
  await page.goto('/dashboard/sales');
  const sale = page.getByRole('article').filter({ hasText: name });
  const meeting = sale.getByRole('region', { name: 'Meeting' });
  await expect(meeting).toContainText('The buyer proposed meeting at Dhaka Police Station lobby');
  const confirms = meeting.getByRole('button', { name: /^Confirm / });
  await expect(confirms).toHaveCount(2);
  await confirms.nth(1).click();
  await expect(meeting).toContainText('Meeting confirmed');
  await expect(meeting).toContainText(inDhaka(tomorrowAt(17)));
  await expect(meeting.getByRole('link', { name: 'Add to calendar' })).toBeVisible();

  // The buyer sees the same in My Orders, and the calendar file downloads.
  await b.goto('/dashboard/myorders');
  const mine = b.getByRole('listitem').filter({ hasText: name }).getByRole('region', { name: 'Meeting' });
  await expect(mine).toContainText('Meeting confirmed');
  await expect(mine).toContainText(inDhaka(tomorrowAt(17)));
  await expect(mine).toContainText('Dhaka Police Station lobby');
  const ics = await b.request.get(await mine.getByRole('link', { name: 'Add to calendar' }).getAttribute('href').then(String));
  expect(ics.ok()).toBe(true);
  expect(await ics.text()).toContain('TZID=Asia/Dhaka');
  await screenshot(b, 'meeting-buyer-390', { fullPage: false });
  expect(buyer.problems()).toEqual([]);
  await buyer.context.close();
});
