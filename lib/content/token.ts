import 'server-only';
import { getServerEnv } from '../env/server';

/**
 * The read token that can see drafts. Server-only: importing this module from a client
 * component fails the build, so the token never reaches a browser bundle.
 */
export function readToken(): string | undefined {
  return getServerEnv().SANITY_API_READ_TOKEN;
}
