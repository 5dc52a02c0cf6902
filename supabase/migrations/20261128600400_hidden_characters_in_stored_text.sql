-- Text stored before the rule of private.refuse_hidden_characters: a name loses what is hidden
-- inside it (a line break or tab becomes a space); a text not yet sent, or a scheduled campaign,
-- that holds a hidden character is cancelled, so none goes out. Data only: the schema files
-- hold the rule itself.
update public.customers c
   set name = regexp_replace(
         regexp_replace(c.name, '[\u0009\u000A\u000D]+', ' ', 'g'),
         '[\u0001-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u00AD\u034F\u115F\u1160\u180E\u200B\u2028-\u202E\u2060-\u2064\u2066-\u206F\u3164\uFEFF\uFFA0\U000E0000-\U000E007F]',
         '', 'g')
 where c.name ~ '[\u0001-\u001F\u007F-\u009F\u00AD\u034F\u115F\u1160\u180E\u200B\u2028-\u202E\u2060-\u2064\u2066-\u206F\u3164\uFEFF\uFFA0\U000E0000-\U000E007F]';

update private.texts t
   set status = 'cancelled', error = 'hidden_characters', updated_at = now()
 where t.status in ('queued', 'held')
   and t.body ~ '[\u0001-\u001F\u007F-\u009F\u00AD\u034F\u115F\u1160\u180E\u200B\u2028-\u202E\u2060-\u2064\u2066-\u206F\u3164\uFEFF\uFFA0\U000E0000-\U000E007F]';

update private.text_campaigns t
   set status = 'cancelled', cancelled_at = now()
 where t.status = 'scheduled'
   and t.message ~ '[\u0001-\u001F\u007F-\u009F\u00AD\u034F\u115F\u1160\u180E\u200B\u2028-\u202E\u2060-\u2064\u2066-\u206F\u3164\uFEFF\uFFA0\U000E0000-\U000E007F]';
