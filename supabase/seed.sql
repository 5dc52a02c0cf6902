-- The demo village's catalogue: its six businesses with their welcome rewards, and the Silver
-- and Gold rewards. Applied locally by npm run db:reset (and supabase db reset). A hosted project
-- loads its own village file instead (npm run deploy, docs/DEPLOY.md; villages/example.json is
-- this village as such a file). Demo-only rows are in seed-demo.sql.

insert into public.locations (id, business_name, kind, description, address, logo_url, icon, color, sort_order) values
  ('chatterbox', 'The Chatterbox', 'restaurant',
   'The village''s home-style restaurant: hearty breakfasts, daily specials and a booth for every conversation.',
   '112 Main Street', '/logos/chatterbox.svg', 'coffee', 'amber', 1),
  ('creamery', 'Village Creamery', 'creamery',
   'Small-batch ice cream churned on site, with seasonal flavours from local farms.',
   '24 Mill Road', '/logos/creamery.svg', 'ice-cream', 'pink', 2),
  ('joanies', 'Joanie''s Pizzeria', 'pizzeria',
   'Hand-tossed pizza from a family recipe, baked in a stone oven since the old days.',
   '7 Market Square', '/logos/joanies.svg', 'pizza', 'red', 3),
  ('museum', 'Village Heritage Museum', 'museum',
   'Stories, tools and photographs from two centuries of village life, with rotating local exhibits.',
   '1 Museum Lane', '/logos/museum.svg', 'palette', 'indigo', 4),
  ('snackco', 'SnackCo', 'snack company',
   'Locally made snacks and the famous Sock Monkey Cookie, baked fresh every morning.',
   '58 Depot Street', '/logos/snackco.svg', 'cookie', 'orange', 5),
  ('broken-bridge', 'Broken Bridge Sweets', 'sweet-treat shop',
   'Fudge, candy and sweet treats by the old bridge, made in small batches.',
   '3 Bridge Street', '/logos/broken-bridge.svg', 'candy', 'purple', 6);

insert into public.rewards (kind, location_id, tier, name, description, scope) values
  ('welcome', 'chatterbox', null, 'Free Appetizer',
   'One free appetizer of your choice on your first visit to The Chatterbox.', 'location'),
  ('welcome', 'creamery', null, 'Free Ice Cream Scoop',
   'One free scoop of any flavour on your first visit to Village Creamery.', 'location'),
  ('welcome', 'joanies', null, 'Free Garlic Bread',
   'A free order of garlic bread on your first visit to Joanie''s Pizzeria.', 'location'),
  ('welcome', 'museum', null, 'Free Admission',
   'Free admission for one on your first visit to the Village Heritage Museum.', 'location'),
  ('welcome', 'snackco', null, 'Free Sock Monkey Cookie',
   'A free Sock Monkey Cookie on your first visit to SnackCo.', 'location'),
  ('welcome', 'broken-bridge', null, 'Free Sweet Treat',
   'A free sweet treat of your choice on your first visit to Broken Bridge Sweets.', 'location'),
  ('tier', null, 'Silver', '$5 Off Any Business',
   '$5 off at any participating business, unlocked when you reach Silver status (10 points).', 'network'),
  ('tier', null, 'Gold', '$10 Off Any Business',
   '$10 off at any participating business, unlocked when you reach Gold status (20 points).', 'network');

-- The public content: the spec's copy, which the operator edits in /admin
-- (Programme tab). {silver} and {gold} stand for the current thresholds, {businesses} for "seven businesses".
insert into public.programme_content (key, value) values
  ('featured', '{"businesses": ["creamery", "joanies"], "tiers": ["Silver"]}'),
  ('testimonials', $json$[
    {"quote": "I collected my Silver reward in two weeks just doing my usual errands on Main Street.", "who": "Maria, member since spring"},
    {"quote": "The welcome scoop got my kids into the museum next door. Now we visit both every Saturday.", "who": "Dan, Gold member"},
    {"quote": "One card for every shop in the village. I finally use a loyalty programme.", "who": "Priya, Silver member"}
  ]$json$),
  ('contact', $json${"email": "hello@villagerewards.example", "phone": "(555) 010-0100", "hours": "Monday–Friday, 9 AM – 5 PM CT", "responseTime": "1-2 business days"}$json$),
  ('privacy', $json${
    "intro": "Village Rewards is one loyalty membership shared by {businesses} of our village. Joining is free. We use what you give us only to run your membership, and we never sell it.",
    "stored": [
      {"what": "Your name and mobile phone number", "why": "To find your membership at the counter and to text you sign-in codes. One membership per phone number."},
      {"what": "Your email address, if you give one", "why": "Only to contact you about your membership. It is optional."},
      {"what": "Whether you agreed to text messages, the exact wording you agreed to, and when", "why": "So we text only people who asked for it. Reply STOP to any message to stop them."},
      {"what": "Your visits: which business, when, and which counter or kiosk approved them", "why": "To add your points, unlock welcome and tier rewards, and stop the same visit being counted twice."},
      {"what": "Your rewards: when each was unlocked and where it was redeemed", "why": "So each reward is used once, and the businesses can settle what they honoured for each other."},
      {"what": "A record of every change to your points", "why": "So your balance can always be checked, and a mistake is corrected by a new entry, never hidden."},
      {"what": "Sign-in records and, on shop kiosks, the kiosk browser’s name", "why": "To keep accounts secure and limit abuse (for example, too many codes sent to one phone)."},
      {"what": "Messages you send us through the contact form", "why": "To answer you."}
    ],
    "sharing": "The {businesses} taking part see your name, phone and visits at their counter, and operators of the programme see figures for the whole village. Nobody else does. Shop kiosks keep nothing about you once you step away: they return to their start screen on their own.",
    "retention": "Your points never expire, so we keep your membership, visits and rewards for as long as your membership exists. When you delete your account (or ask us to), your name, phone number, email and the wording of your consents are erased at once and you are signed out; what remains are figures no one can link to you (for example, that a reward was honoured at a business on a date), which the businesses need for their accounts. Your phone number may join again as a new member. Contact-form messages are deleted after 12 months.",
    "terms": [
      "One membership per person and phone number. Membership is free.",
      "Each approved visit earns 5 points; points never expire. Staff approve visits at the counter, and a visit that was not real may be taken back.",
      "Each business gives a welcome reward once, on your first approved visit there. Silver ({silver} points) brings $5 off and Gold ({gold} points) $10 off at any participating business.",
      "Each reward is redeemed once, at a participating business. Rewards have no cash value.",
      "Text messages are optional and never a condition of joining."
    ]
  }$json$);
