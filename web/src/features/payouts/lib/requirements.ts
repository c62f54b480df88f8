/** What the payment provider still asks for, in words (Stripe's requirement names; others shown as they are). */
const LABELS: Record<string, string> = {
  'individual.name': 'your legal name',
  'individual.first_name': 'your first name',
  'individual.last_name': 'your last name',
  'individual.dob.day': 'your date of birth',
  'individual.address.line1': 'your address',
  'individual.id_number': 'your ID number',
  'individual.verification.document': 'a photo of your ID',
  external_account: 'your bank account (routing and account number)',
  'tos_acceptance.date': "accepting the payment provider's terms",
  business_type: 'the kind of seller you are',
};

export function requirementsText(due: string[]): string {
  return due.map((d) => LABELS[d] ?? d.replace(/[._]/g, ' ')).join(', ');
}
