// Words for demo items and trading: descriptions (HTML, as sellers write them), delivery and
// payment terms, questions, answers and feedback.
import type { Condition } from '../../shared/api/index.ts';
import type { Leaf } from './category-data.ts';
import type { Random } from './random.ts';

const CONDITION_TEXT: Record<Condition, string> = {
  new: 'New and unused, in the original packaging.',
  'like-new': 'Used only a few times and looks like new.',
  good: 'In good working order with light signs of use.',
  acceptable: 'Works as it should but shows clear signs of use.',
  weak: 'Sold as it is: worn and may need repair.',
};

const OPENINGS = [
  'Selling my',
  'For sale:',
  'Up for grabs:',
  'Offering',
  'Moving house, so selling this',
];

const DETAILS = [
  'Non-smoking home without pets.',
  'Bought from a Finnish shop; receipt available.',
  'Photos show the actual item.',
  'Happy to send more photos on request.',
  'Stored indoors, dry and clean.',
  'Original box and manuals included.',
];

const COMPANY_DETAILS = [
  'Delivered from our Vantaa warehouse within 1-3 working days.',
  'Invoice with VAT available on request.',
  'Manufacturer warranty 24 months.',
  'Returned goods, inspected and tested by our staff.',
];

export function describeItem(r: Random, product: string, leaf: Leaf, condition: Condition, company: boolean): string {
  const extras = r.sample(company ? COMPANY_DETAILS : DETAILS, r.int(1, 2));
  const opening = company ? `${leaf.subcategory.name} from our range:` : r.pick(OPENINGS);
  return [
    `<p>${opening} <strong>${escapeHtml(product)}</strong>.</p>`,
    `<p>${CONDITION_TEXT[condition]}</p>`,
    '<ul>',
    `<li>Category: ${escapeHtml(leaf.main.name)} / ${escapeHtml(leaf.section.name)}</li>`,
    ...extras.map((e) => `<li>${e}</li>`),
    '</ul>',
  ].join('\n');
}

export const DELIVERY_TERMS = {
  pickupOnly: 'Pick-up only; please bring help for carrying.',
  parcel: 'Sent as a parcel to the nearest pick-up point within two working days of payment.',
  company: 'Shipped from our warehouse within 1-3 working days; pick-up at our shop also possible.',
  either: 'Pick-up or shipment, whichever suits you.',
};

export const PAYMENT_TERMS = {
  private: 'Payment within three days of the end of the sale.',
  company: 'Payment by invoice (14 days net) or at pick-up. Receipt included.',
  cash: 'Cash on pick-up, or mobile payment in advance.',
};

export const QUESTIONS: readonly (readonly [string, string])[] = [
  ['Is this still available for pick-up this weekend?', 'Yes, Saturday afternoon works fine.'],
  ['Can you ship to Oulu, and what would it cost?', 'Yes, shipping to Oulu is the delivery price shown.'],
  ['Are there any scratches or dents?', 'A couple of small marks on the back, otherwise clean.'],
  ['Does it come with the original box?', 'The box is gone, but it will be well packed.'],
  ['What are the exact measurements?', 'I will measure it tonight and add them to the description.'],
  ['Has it been serviced recently?', 'Serviced last spring; the receipt is included.'],
  ['Would you combine shipping with your other items?', 'Of course, ask for a combined price.'],
  ['Is the battery still in good condition?', 'It lasts most of a day in normal use.'],
];

export const OFFER_MESSAGES = [
  'Would you take this? I can pick it up tomorrow.',
  'Cash on pick-up, today if you like.',
  'Interested, but this is my budget.',
  'Could you ship it for this price in total?',
];

export const POSITIVE_FEEDBACK = [
  'Quick payment, smooth deal. Recommended!',
  'Item as described, well packed and fast delivery. Thanks!',
  'Everything went well, a pleasure to deal with.',
  'Friendly seller, item exactly as in the photos.',
  'Paid straight away and picked up on time.',
];

export const NEUTRAL_FEEDBACK = ['Payment came a few days late, otherwise fine.', 'Shipping took longer than promised.'];
export const NEGATIVE_FEEDBACK = 'Item had a crack that was not mentioned in the description.';
export const NEGATIVE_ANSWER = 'I did not know about the crack; I offered a partial refund.';

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
