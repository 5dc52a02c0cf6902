-- The programme's catalogue: its six businesses with their welcome rewards, and the Silver
-- and Gold rewards. Applied locally by npm run db:reset (and supabase db reset); load it
-- once into a hosted project too (README, "Deploying"). Demo-only rows are in seed-demo.sql.

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
