/** The URL's search params without one key (a form opened from the header closes). */
export function withoutParam(key: string) {
  return (params: URLSearchParams) => {
    const next = new URLSearchParams(params);
    next.delete(key);
    return next;
  };
}
