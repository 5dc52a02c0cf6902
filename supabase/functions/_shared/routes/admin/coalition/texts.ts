// How the coalition endpoints' figures are made, as their docs state it.
export const SETTLEMENT_RULE =
  'For the month (America/Chicago): every redeemed reward, where it was earned and where it was honoured. A tier ' +
  'reward is earned with the business of the visit that unlocked it and costs the honouring business its value ' +
  '($5 Silver, $10 Gold: tiers.reward_value_cents); a welcome reward is earned and honoured at its own business, so ' +
  'it nets to zero. Per business: what it honoured for others and what others honoured for it; per pair: the one ' +
  'transfer (payer → payee, amountCents) that settles it. A redeemed reward whose visit was voided later still counts.';
