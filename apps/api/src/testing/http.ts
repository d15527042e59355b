/** Reads a test response body as loosely typed JSON, for assertions with toMatchObject / toEqual. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- assertions check the shape at run time
export async function readJson(res: Response): Promise<any> {
  return res.json();
}
