// Canned answers' placeholders: filled without a doubled period, whatever the item's values end with.
import { describe, expect, it } from 'vitest';
import { fillPlaceholders, type PlaceholderName } from '../../shared/canned-answers/canned-answers.ts';

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
    // A sentence or clause left without its value goes, as in a listing template (issue 21).
    expect(fill('Payment is {paymentTerms}. Welcome!', { paymentTerms: '' })).toBe('Welcome!');
    expect(fill('Price {price}. Terms: {paymentTerms}.', { price: '12,50 €', paymentTerms: '' })).toBe('Price 12,50 €.');
    for (const text of ['{title}.', 'A. {title}.', 'A {title}.', '{title}. {paymentTerms}.', 'Hi {title}.{paymentTerms}.']) {
      for (const value of ['', '.', 'x.', 'x', 'x!']) expect(fill(text, { title: value, paymentTerms: value }), `${text} / ${value}`).not.toMatch(/\.\s*\./);
    }
  });

  it('drops the clause or bracket group of an empty placeholder, as templates do: no "(—)" to a buyer (issue 21)', () => {
    expect(fill('Kiitos kysymyksestä! Postikulut ({deliveryPrice}) maksetaan tilille.', { deliveryPrice: '' })).toBe('Kiitos kysymyksestä! Postikulut maksetaan tilille.');
    expect(fill('Kyllä, {title} on vielä myynnissä, hinta {price}, nouto Helsingistä.', { title: 'Tammipöytä', price: '' })).toBe('Kyllä, Tammipöytä on vielä myynnissä, nouto Helsingistä.');
    expect(fill('Toimitus: {deliveryTerms}; postikulut {deliveryPrice}.', { deliveryTerms: 'Posti 2 pv', deliveryPrice: '' })).toBe('Toimitus: Posti 2 pv.');
    // Filled, nothing goes; the seller's own signs (& < >) stay as typed.
    expect(fill('Postikulut ({deliveryPrice}) & nouto <Helsinki>.', { deliveryPrice: '5,90 €' })).toBe('Postikulut (5,90 €) & nouto <Helsinki>.');
  });

  it('leaves an unknown placeholder and its period as typed', () => {
    expect(fill('See {colour}.', {})).toBe('See {colour}.');
  });
});
