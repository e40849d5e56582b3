import { databaseOptions, openDatabase } from "../server/db/client.ts";
import { configOrExit } from "../server/env-file.ts";

// `.env` in the working folder, the environment winning; a bad setting ends here with one line.
const config = configOrExit();
const database = await openDatabase(databaseOptions(config));
await database.migrate();
await database.close();
console.log(`Migrations applied (${database.kind}).`);
