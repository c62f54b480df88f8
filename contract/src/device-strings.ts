/** The device catalogue's words on screens (issue 28), zod-free for the first screen's cards (`@shop/contract/device-strings`). */
export const DEVICE_STRINGS = {
  serialChecked: "Serial checked against the shop's register",
  notEnoughSales: 'not enough sales yet',
  goodPrice: 'Good price',
  whatSelling: 'What are you selling?',
  notInList: 'Not in the list',
  stolenRefused:
    "This number is on the shop's register of lost and stolen devices, so it cannot be listed. Our moderators have been told; if the device is yours, contact us.",
} as const;
