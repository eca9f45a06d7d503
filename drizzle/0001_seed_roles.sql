-- Custom SQL migration file, put your code below! ---- Roles are reference data that users.role points at (spec §3: admin, artist).
INSERT INTO "roles" ("name") VALUES ('admin'), ('artist') ON CONFLICT ("name") DO NOTHING;
