import type { Child } from "hono/jsx";

export type NavItem = { href: string; label: string };

export type LayoutProps = {
  title: string;
  /** `partner` or `operator`: which pages the navigation lists and where sign-out posts. */
  area: "partner" | "operator";
  /** The current path, marked in the navigation. */
  current?: string;
  /** Signed in: the session's CSRF token (for the sign-out form); absent on the sign-in and error pages. */
  csrf?: string;
  /** Who is signed in, shown beside the navigation. */
  who?: string;
  sandbox?: boolean;
  children?: Child;
};

const partnerNav: NavItem[] = [
  { href: "/dashboard", label: "Overview" },
  { href: "/dashboard/usage", label: "Usage" },
  { href: "/dashboard/rebates", label: "Rebates" },
  { href: "/dashboard/keys", label: "Keys" },
  { href: "/dashboard/webhooks", label: "Webhooks" },
];
const operatorNav: NavItem[] = [
  { href: "/admin", label: "Accounts" },
  { href: "/admin/settlements", label: "Settlements" },
  { href: "/admin/chains", label: "Chains" },
];

/** Every page's frame: skip link, title, navigation, the sandbox banner, sign-out (a POST form with the CSRF token). */
export function Layout(props: LayoutProps) {
  const nav = props.area === "partner" ? partnerNav : operatorNav;
  const base = props.area === "partner" ? "/dashboard" : "/admin";
  return (
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light" />
        <title>{`${props.title} · Sluice ${props.area === "partner" ? "dashboard" : "operator"}`}</title>
        <link rel="stylesheet" href="/dashboard/assets/dashboard.css" />
      </head>
      <body>
        <a class="skip" href="#main">Skip to content</a>
        <header class="top">
          <span class="brand">Sluice {props.area === "partner" ? "dashboard" : "operator"}</span>
          {props.csrf ? (
            <>
              <nav aria-label="Main">
                <ul>
                  {nav.map((item) => (
                    <li><a href={item.href} aria-current={props.current === item.href ? "page" : undefined}>{item.label}</a></li>
                  ))}
                </ul>
              </nav>
              {props.who ? <span class="muted">{props.who}</span> : null}
              <form class="inline" method="post" action={`${base}/logout`}>
                <input type="hidden" name="csrf" value={props.csrf} />
                <button type="submit" class="secondary">Sign out</button>
              </form>
            </>
          ) : null}
        </header>
        <main id="main">
          {props.sandbox ? (
            <p class="banner" role="note" data-testid="sandbox-banner">
              <strong>Sandbox view.</strong> You signed in with a sandbox key: the sandbox quotes for real but submits
              nothing and records no usage, so there is no volume and there are no rebates here. Sign in with a
              production key to see production figures.
            </p>
          ) : null}
          <h1>{props.title}</h1>
          {props.children}
        </main>
      </body>
    </html>
  );
}

/** A hidden CSRF field: every form of the pages carries one. */
export function Csrf({ token }: { token: string }) {
  return <input type="hidden" name="csrf" value={token} />;
}
