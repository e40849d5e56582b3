import { loadConfig } from "../server/config.ts";
import { databaseOptions, openDatabase } from "../server/db/client.ts";

const config = loadConfig();
const database = await openDatabase(databaseOptions(config));
await database.migrate();
await database.close();
console.log(`Migrations applied (${database.kind}).`);
