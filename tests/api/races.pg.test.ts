// Parallel requests on real Postgres: each "once" rule holds under concurrency.
import { racesSuite } from './suites/races.ts';

racesSuite();
