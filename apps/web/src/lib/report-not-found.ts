/**
 * Records that someone asked for a path we do not have (SPEC §2: the 404 page logs the attempted path). For now
 * this only warns in the console; the security-events issue will send it to the server from here.
 */
export function reportNotFound(path: string): void {
  console.warn(`404: no page at ${path}`);
}
