-- The door pins its search_path like every function in app and private (names in it and in the
-- call's text are schema-qualified or pg_catalog's); the settings it makes with set_config(…, true)
-- are other settings and still last for the rest of the call's transaction.
alter function private.door(uuid, text, text, text, boolean, jsonb, text, jsonb) set search_path = '';
