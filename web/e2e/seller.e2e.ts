import { expect, test, uniqueEmail, verifyEmailFromOutbox } from './support/fixtures';
import { expectPath, expectToast, photoJpeg, productCard, region, visible } from './support/journey';

test.describe('seller journey', () => {
  test('signs up as a seller, adds a product, advertises it and finds it on the home page', async ({ page }) => {
    const seller = { name: 'Sid E2E Seller', email: uniqueEmail('seller'), password: 'seller-pass-123' };
    const productName = `E2E Mirrorless ${Date.now().toString(36)}`;

    await page.goto('/signup');
    await page.getByLabel('Name', { exact: true }).fill(seller.name);
    await page.getByLabel('Email', { exact: true }).fill(seller.email);
    await page.getByLabel('Password', { exact: true }).fill(seller.password);
    await page.getByRole('checkbox', { name: 'Seller?' }).check();
    await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
    await expectToast(page, 'successfully signed up!');
    await expectPath(page, '/');
    // Listing items needs a verified email: the seller opens the mailed link (the development outbox's).
    await verifyEmailFromOutbox(page.request, seller.email, seller.password);
    // The link signed this page's session out and the new one is in its cookies only: the page may
    // have asked for its session in between and been told it is signed out, so it is loaded again.
    await page.reload();

    // Dashboard: a seller's menu has My Products and Add Products, and (every account buys, issue 26)
    // My Orders too; not the admin pages.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard', exact: true }).click();
    const menu = await visible(page.getByRole('navigation', { name: 'Dashboard' }));
    await menu.getByRole('link', { name: 'Add Products', exact: true }).waitFor();
    expect(await menu.getByRole('link', { name: 'My Products', exact: true }).count()).toBe(1);
    expect(await menu.getByRole('link', { name: 'My Orders', exact: true }).count()).toBe(1);
    expect(await menu.getByRole('link', { name: 'All Buyer', exact: true }).count()).toBe(0);
    await menu.getByRole('link', { name: 'Add Products', exact: true }).click();

    // 'Add A Product': every field.
    await page.getByRole('heading', { name: 'Add A Product', level: 1 }).waitFor();
    const form = page.getByRole('form', { name: 'Add A Product' });
    await form.getByLabel('Product name').fill(productName);
    await form.getByLabel('Brand (category)').selectOption('Camera');
    await form.getByLabel('Condition', { exact: true }).selectOption('Excellent');
    await form.getByLabel('Price (USD)', { exact: true }).fill('450');
    await form.getByLabel('Original price (USD)').fill('999');
    await form.getByLabel('Years used').fill('2');
    await form.getByLabel('Location').fill('Chattogram');
    await form.getByLabel('Phone number').fill('+880 1811 000111');
    // The camera's condition report: answers that allow Excellent.
    const report = form.getByRole('group', { name: 'Condition report' });
    await report.getByLabel('Shutter count', { exact: true }).fill('12000');
    await report.getByLabel('Body', { exact: true }).selectOption('A');
    await report.getByLabel('Screen', { exact: true }).selectOption('flawless');
    await report.getByLabel('Ports and charging', { exact: true }).selectOption('works');
    await report.getByLabel('Original box', { exact: true }).selectOption('yes');
    await form
      .getByLabel('Choose photos')
      .setInputFiles({ name: 'camera.jpg', mimeType: 'image/jpeg', buffer: await photoJpeg(800, 600, 30) });
    await form.getByRole('img', { name: 'Upload 1 (cover): camera.jpg' }).waitFor();
    await expect(form.getByRole('progressbar')).toHaveCount(0);
    await form.getByRole('button', { name: 'Add Product', exact: true }).click();
    await expectToast(page, 'Product Added Successfully!');

    // My Products: the one product, with its Ad button.
    await expectPath(page, '/dashboard/myproducts');
    await page.getByRole('heading', { name: 'You Have 1 Products', exact: true }).waitFor();
    const card = productCard(page, productName);
    expect(await card.getByText('$450', { exact: false }).count()).toBeGreaterThan(0);
    // Cards lay out for phones and for wider screens; count what this screen shows.
    expect(await card.getByText('Chattogram', { exact: true }).filter({ visible: true }).count()).toBe(1);
    expect(await card.getByText(seller.name, { exact: true }).filter({ visible: true }).count()).toBe(1);
    // Not verified yet: no tick.
    expect(await card.getByRole('img', { name: 'Verified seller' }).count()).toBe(0);

    await card.getByRole('button', { name: `Advertise ${productName}` }).click();
    await expectToast(page, ' Advertisment added Successfully!');
    await card.getByRole('button', { name: `${productName} is advertised` }).waitFor();
    expect(await card.getByRole('button', { name: `${productName} is advertised` }).isDisabled()).toBe(true);

    // Home page: the Advertisement section has the ad, whose Buy Now goes to its category.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home', exact: true }).click();
    await expectPath(page, '/');
    const ads = await visible(region(page, 'Advertisement'));
    const ad = ads.getByRole('listitem').filter({ has: page.getByRole('heading', { name: productName, exact: true }) });
    await ad.waitFor();
    expect(await ad.getByText(`Try your best ${productName} now.`, { exact: true }).count()).toBe(1);
    const buyNow = ad.getByRole('link', { name: `Buy Now: ${productName} in Camera` });
    expect(await buyNow.textContent()).toBe('Buy Now');
    expect(await buyNow.getAttribute('href')).toBe('/category/Camera');
    await buyNow.click();
    await expectPath(page, '/category/Camera');
    await productCard(page.getByRole('list', { name: 'Camera products' }), productName).waitFor();
  });
});
