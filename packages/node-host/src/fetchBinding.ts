/**
 * A service binding (`Fetcher`) to another area of the same process: `fetch` hands the request to that area's
 * handler with its own environment, as Workers hand it to the bound worker.
 */
export function fetchBinding(
  handler: (request: Request) => Response | Promise<Response>,
): Pick<Fetcher, "fetch"> {
  return {
    fetch: async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request && !init ? input : new Request(input as RequestInfo, init);
      return handler(request);
    },
  } as Pick<Fetcher, "fetch">;
}
