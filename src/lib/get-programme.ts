// GET /api/programme's fetcher, parsed with the contract. A module of its own so the API client
// (and, beside the request, the contract) load on demand: the public layout reads the programme,
// and the first load of / stays within its JS budget (scripts/bundle-size.ts).
import { callEndpoint, endpoints } from './api-client.ts';

export const getProgramme = () => callEndpoint(endpoints.programme);
