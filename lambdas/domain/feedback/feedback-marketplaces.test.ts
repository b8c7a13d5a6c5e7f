import {
  ACCEPTED_REPLY_DOMAINS,
  FEEDBACK_MARKETPLACES,
  feedbackMarketplaceForId,
  isAcceptedReplyEmail,
  sellerHelpContactUrl,
} from './feedback-marketplaces';

describe('feedback marketplaces', () => {
  it('lists six marketplaces and eight accepted reply domains (spec 9)', () => {
    expect(FEEDBACK_MARKETPLACES.map((m) => m.domain)).toEqual([
      'amazon.it',
      'amazon.com',
      'amazon.co.uk',
      'amazon.de',
      'amazon.fr',
      'amazon.es',
    ]);
    expect(new Set(ACCEPTED_REPLY_DOMAINS).size).toBe(8);
  });

  it.each([
    'seller@amazon.it',
    'Seller.Support@AMAZON.DE',
    'x1@marketplace.amazon.co.uk',
    'case@partner-support.amazon.com',
    ' team@support.amazon.com ',
  ])('accepts %s', (email) => expect(isAcceptedReplyEmail(email)).toBe(true));

  it.each([
    'someone@gmail.com',
    'seller@amazon.nl',
    'seller@notamazon.it',
    'seller@amazon.it.evil.com',
    'no-at-sign.amazon.it',
    'two@@amazon.it',
    'spaces in@amazon.it',
    '',
  ])('refuses %s', (email) => expect(isAcceptedReplyEmail(email)).toBe(false));

  it("links the row's marketplace help page, Italy when unknown", () => {
    expect(sellerHelpContactUrl('amazon.de')).toBe(
      'https://sellercentral.amazon.de/help/hub/support',
    );
    expect(sellerHelpContactUrl(null)).toBe('https://sellercentral.amazon.it/help/hub/support');
    expect(sellerHelpContactUrl('evil.example')).toContain('sellercentral.amazon.it');
  });

  it('maps SP-API marketplace ids to feedback marketplaces', () => {
    expect(feedbackMarketplaceForId('APJ6JRA9NG5V4')).toBe('amazon.it');
    expect(feedbackMarketplaceForId('A1805IZSGTT6HS')).toBeUndefined();
  });
});
