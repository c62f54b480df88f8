import { apiSignUp, expect, shopUrl, test, uniqueEmail } from './support/fixtures';
import { expectPath, expectToast, photoJpeg, productCard } from './support/journey';

test.describe('listing photos', () => {
  test('drops three photos, reorders them (dragging and the keyboard), removes one; the listing shows them in that order', async ({
    page,
  }) => {
    const email = uniqueEmail('photo-seller');
    const name = `E2E Fujifilm ${Date.now().toString(36)}`;
    await apiSignUp(page.context().request, email, 'Pia Photographer', 'seller-pass-123', true);

    await page.goto('/dashboard/addproducts');
    const form = page.getByRole('form', { name: 'Add A Product' });
    await form.getByLabel('Product name').fill(name);
    await form.getByLabel('Brand (category)').selectOption('Camera');
    await form.getByLabel('Price (USD)', { exact: true }).fill('610');
    await form.getByLabel('Original price (USD)').fill('999');
    await form.getByLabel('Years used').fill('1');
    await form.getByLabel('Location').fill('Sylhet');
    await form.getByLabel('Phone number').fill('+880 1811 000222');
    await form.getByLabel('Shutter count').fill('12000');
    await form.getByLabel('Body').selectOption('B');
    await form.getByLabel('Screen').selectOption('flawless');
    await form.getByLabel('Ports and charging').selectOption('works');
    await form.getByLabel('Original box').selectOption('yes');
    await form.getByLabel('Condition', { exact: true }).selectOption('Good');

    // Three photos dropped at once on the drop zone (a DataTransfer of files, as a desktop drag makes).
    const files = await Promise.all(
      [
        ['front.jpg', 10],
        ['back.jpg', 130],
        ['box.jpg', 250],
      ].map(async ([file, hue]) => ({ file: String(file), bytes: [...(await photoJpeg(1200, 900, Number(hue)))] })),
    );
    const dataTransfer = await page.evaluateHandle((list) => {
      const dt = new DataTransfer();
      for (const f of list) dt.items.add(new File([new Uint8Array(f.bytes)], f.file, { type: 'image/jpeg' }));
      return dt;
    }, files);
    const drop = form.getByTestId('photo-drop');
    await drop.dispatchEvent('dragover', { dataTransfer });
    await drop.dispatchEvent('drop', { dataTransfer });
    const items = form.getByTestId('photo-item');
    await expect(items).toHaveCount(3);
    // Each file has its progress bar until stored; then none is left.
    await expect(form.getByRole('progressbar')).toHaveCount(0, { timeout: 30_000 });
    await expect(form.getByRole('img', { name: /^Upload 1 \(cover\): front\.jpg$/ })).toBeVisible();
    // Which upload id each file got: once stored, its thumbnail is the stored photo (/media/p/<id>/400.webp).
    const ids = new Map<string, string>();
    for (const file of ['front.jpg', 'back.jpg', 'box.jpg']) {
      const src = await form.getByRole('img', { name: new RegExp(`: ${file.replace('.', '\\.')}$`) }).getAttribute('src');
      const id = /\/media\/p\/([0-9a-f-]{36})\/400\.webp$/.exec(src ?? '')?.[1];
      expect(id, `${file}: ${src}`).toBeTruthy();
      ids.set(file, id!);
    }

    // Drag box.jpg onto the first place: it becomes the cover.
    await items.nth(2).dragTo(items.nth(0));
    await expect(form.getByRole('img', { name: 'Upload 1 (cover): box.jpg' })).toBeVisible();
    // From the keyboard: photo 3 (back.jpg) one place earlier.
    await form.getByRole('button', { name: 'Move photo 3 earlier' }).focus();
    await page.keyboard.press('Enter');
    await expect(form.getByRole('img', { name: 'Upload 2: back.jpg' })).toBeVisible();
    // Remove back.jpg: box, front remain.
    await form.getByRole('button', { name: 'Remove photo 2' }).click();
    await expect(items).toHaveCount(2);
    await expect(form.getByRole('img', { name: 'Upload 2: front.jpg' })).toBeVisible();

    await form.getByRole('button', { name: 'Add Product', exact: true }).click();
    await expectToast(page, 'Product Added Successfully!');
    await expectPath(page, '/dashboard/myproducts');

    // The card shows the cover in its sizes; the product page shows both, cover first.
    const card = productCard(page, name);
    const cover = card.getByRole('img', { name, exact: true });
    await expect(cover).toHaveAttribute('srcset', new RegExp(`/media/p/${ids.get('box.jpg')}/400\\.webp 400w`));
    await card.getByRole('link', { name, exact: true }).click();
    const gallery = page.getByRole('region', { name: `Photos of ${name}` });
    await expect(gallery.getByText('1 / 2')).toBeVisible();
    const photos = gallery.locator('img');
    await expect(photos).toHaveCount(2);
    await expect(photos.nth(0)).toHaveAttribute('src', `/media/p/${ids.get('box.jpg')}/1200.webp`);
    await expect(photos.nth(0)).toHaveAttribute('fetchpriority', 'high');
    await expect(photos.nth(1)).toHaveAttribute('src', `/media/p/${ids.get('front.jpg')}/1200.webp`);
    await expect(photos.nth(1)).toHaveAttribute('loading', 'lazy');
    // The cover is a real, decoded picture served by the shop.
    await expect.poll(() => photos.nth(0).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    const media = await page.request.get(`${shopUrl()}/media/p/${ids.get('box.jpg')}/400.webp`);
    expect(media.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(media.headers()['content-type']).toBe('image/webp');

    // Loaded afresh, the page does not shift as the photos arrive (cumulative layout shift < 0.05).
    await page.reload();
    await expect.poll(() => photos.nth(0).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    const cls = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          let sum = 0;
          new PerformanceObserver((list) => {
            for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
              if (!e.hadRecentInput) sum += e.value;
          }).observe({ type: 'layout-shift', buffered: true });
          setTimeout(() => resolve(sum), 1000);
        }),
    );
    test.info().annotations.push({ type: 'product page CLS', description: cls.toFixed(4) });
    expect(cls).toBeLessThan(0.05);

    // Arrow keys move through the photos; a photo opens zoomed.
    await gallery.focus();
    await page.keyboard.press('ArrowRight');
    await expect(gallery.getByText('2 / 2')).toBeVisible();
    await page.getByRole('button', { name: 'Show photo 1' }).click();
    await gallery.getByRole('button', { name: 'Zoom into photo 1 of 2' }).click();
    const zoom = page.getByRole('dialog', { name: `${name}: photo 1 of 2` });
    await expect(zoom).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(zoom).toBeHidden();
  });
});
