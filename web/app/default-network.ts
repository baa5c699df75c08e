// The network `/` opens: the server names it in the page it serves
// (`<meta name="default-network" content="...">`), so no network is fixed in the web app.
export function defaultNetwork(): string | null {
  const content = document.querySelector('meta[name="default-network"]')?.getAttribute('content')?.trim();
  return content || null;
}
