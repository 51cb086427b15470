// Canned answers' placeholders: filled without a doubled period, whatever the item's values end with.
import { describe, expect, it } from 'vitest';
import { fillPlaceholders, type PlaceholderName } from '../../shared/canned-answers.ts';

const fill = (text: string, values: Partial<Record<PlaceholderName, string>>) => fillPlaceholders(text, (name) => values[name] ?? '');

describe('filling a canned answer', () => {
  it('keeps the text\'s own period after a value that does not end a sentence', () => {
    expect(fill('Payment: {paymentTerms}.', { paymentTerms: 'bank transfer' })).toBe('Payment: bank transfer.');
  });

  it('never leaves a double period after a value that already ends with one', () => {
    expect(fill('Payment: {paymentTerms}.', { paymentTerms: 'bank transfer.' })).toBe('Payment: bank transfer.');
    expect(fill('Delivery: {deliveryTerms}. Thanks!', { deliveryTerms: 'Posti, 2 days. ' })).toBe('Delivery: Posti, 2 days. Thanks!');
    expect(fill('Sure: {title}.', { title: 'Lamp...' })).toBe('Sure: Lamp...');
    expect(fill('Yes: {title}.', { title: 'Sold out!' })).toBe('Yes: Sold out!');
  });

  it('never leaves a double period, nor a period alone, when a value is empty', () => {
    expect(fill('Thanks. {paymentTerms}.', { paymentTerms: '' })).toBe('Thanks.');
    expect(fill('{paymentTerms}.', { paymentTerms: '' })).toBe('');
    expect(fill('Payment is {paymentTerms}. Welcome!', { paymentTerms: '' })).toBe('Payment is. Welcome!');
    expect(fill('Price {price}. Terms: {paymentTerms}.', { price: '12,50 €', paymentTerms: '' })).toBe('Price 12,50 €. Terms:.');
    for (const text of ['{title}.', 'A. {title}.', 'A {title}.', '{title}. {paymentTerms}.', 'Hi {title}.{paymentTerms}.']) {
      for (const value of ['', '.', 'x.', 'x', 'x!']) expect(fill(text, { title: value, paymentTerms: value }), `${text} / ${value}`).not.toMatch(/\.\s*\./);
    }
  });

  it('leaves an unknown placeholder and its period as typed', () => {
    expect(fill('See {colour}.', {})).toBe('See {colour}.');
  });
});
