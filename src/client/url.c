/* url.c: server URLs and invite links (which also carry a match and a seat token). */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "client/client.h"

/* Copy a query value made only of letters, digits, '-' and '_' (ids and hex tokens): anything
 * else in an invite is more likely a mangled link than a real value. */
static int url_value(const char *v, size_t n, char *out, size_t outlen, const char *what,
                     char *err, size_t errlen)
{
    if (n == 0 || n >= outlen) {
        snprintf(err, errlen, "bad %s in URL: %s", what, n ? "too long" : "empty");
        return -1;
    }
    for (size_t i = 0; i < n; i++) {
        if (!isalnum((unsigned char)v[i]) && v[i] != '-' && v[i] != '_') {
            snprintf(err, errlen, "bad %s in URL: unexpected '%c'", what, v[i]);
            return -1;
        }
    }
    memcpy(out, v, n);
    out[n] = 0;
    return 0;
}

/* key=value pairs separated by '&' in [s, end). */
static int url_params(const char *s, const char *end, tafel_client_url *u, char *err,
                      size_t errlen)
{
    while (s < end) {
        const char *amp = memchr(s, '&', (size_t)(end - s));
        const char *stop = amp ? amp : end;
        const char *eq = memchr(s, '=', (size_t)(stop - s));
        if (eq) {
            size_t klen = (size_t)(eq - s);
            if (klen == 5 && !strncmp(s, "match", 5)) {
                if (url_value(eq + 1, (size_t)(stop - eq - 1), u->match, sizeof u->match,
                              "match", err, errlen))
                    return -1;
            } else if (klen == 5 && !strncmp(s, "token", 5)) {
                if (url_value(eq + 1, (size_t)(stop - eq - 1), u->token, sizeof u->token,
                              "token", err, errlen))
                    return -1;
            }
        }
        s = stop + (amp ? 1 : 0);
    }
    return 0;
}

int tafel_client_url_parse(const char *url, tafel_client_url *u, char *err, size_t errlen)
{
    memset(u, 0, sizeof *u);
    const char *sep = strstr(url, "://");
    if (!sep) {
        snprintf(err, errlen, "not a URL (expected http://HOST:PORT): %s", url);
        return -1;
    }
    size_t slen = (size_t)(sep - url);
    if (slen == 4 && !strncasecmp(url, "http", 4)) {
        u->tls = 0;
    } else if (slen == 5 && !strncasecmp(url, "https", 5)) {
        u->tls = 1;
    } else if (slen == 2 && !strncasecmp(url, "ws", 2)) {
        u->tls = 0;
    } else if (slen == 3 && !strncasecmp(url, "wss", 3)) {
        u->tls = 1;
    } else {
        snprintf(err, errlen, "unsupported URL scheme '%.*s' (http, https, ws, wss)", (int)slen,
                 url);
        return -1;
    }
    const char *a = sep + 3;
    const char *aend = a + strcspn(a, "/?#");
    if (memchr(a, '@', (size_t)(aend - a))) {
        snprintf(err, errlen, "user names in URLs are not supported");
        return -1;
    }
    const char *hend, *colon = NULL;
    if (*a == '[') {
        const char *close = memchr(a, ']', (size_t)(aend - a));
        if (!close) {
            snprintf(err, errlen, "unterminated IPv6 address in URL");
            return -1;
        }
        a++;
        hend = close;
        if (close + 1 < aend) {
            if (close[1] != ':') {
                snprintf(err, errlen, "unexpected text after the IPv6 address in URL");
                return -1;
            }
            colon = close + 1;
        }
    } else {
        colon = memchr(a, ':', (size_t)(aend - a));
        hend = colon ? colon : aend;
    }
    size_t hlen = (size_t)(hend - a);
    if (hlen == 0 || hlen >= sizeof u->host) {
        snprintf(err, errlen, "bad host in URL: %s", hlen ? "too long" : "empty");
        return -1;
    }
    memcpy(u->host, a, hlen);
    u->port = u->tls ? 443 : 80;
    if (colon) {
        const char *p = colon + 1;
        long port = 0;
        if (p == aend) {
            snprintf(err, errlen, "empty port in URL");
            return -1;
        }
        for (; p < aend; p++) {
            if (!isdigit((unsigned char)*p) || (port = port * 10 + (*p - '0')) > 65535) {
                snprintf(err, errlen, "bad port in URL (1 to 65535)");
                return -1;
            }
        }
        if (port == 0) {
            snprintf(err, errlen, "bad port in URL (1 to 65535)");
            return -1;
        }
        u->port = (int)port;
    }
    const char *frag = strchr(aend, '#');
    const char *pend = frag ? frag : aend + strlen(aend);
    size_t plen = (size_t)(pend - aend);
    if (plen >= sizeof u->path) {
        snprintf(err, errlen, "URL path too long");
        return -1;
    }
    if (plen == 0 || *aend != '/')
        snprintf(u->path, sizeof u->path, "/%.*s", (int)plen, aend);
    else
        memcpy(u->path, aend, plen);
    const char *query = memchr(aend, '?', plen);
    if (query && url_params(query + 1, pend, u, err, errlen))
        return -1;
    if (frag && url_params(frag + 1, frag + strlen(frag), u, err, errlen))
        return -1;
    if (!u->match[0]) {
        /* An invite of the form /play/ID?token=...: the last path segment, if it is a number. */
        const char *qend = query ? query : pend;
        const char *seg = qend;
        while (seg > aend && seg[-1] != '/')
            seg--;
        size_t n = (size_t)(qend - seg);
        int digits = n > 0 && n < sizeof u->match;
        for (size_t i = 0; digits && i < n; i++)
            digits = isdigit((unsigned char)seg[i]) != 0;
        if (digits)
            memcpy(u->match, seg, n);
    }
    return 0;
}
