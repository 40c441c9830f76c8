/* static.c: the page paths of the browser client. An invite link (/match/ID#token=...) names a
 * page, not a file, so these paths get web/index.html, whose script reads the path itself. */
#include "server/static.h"

#include <civetweb.h>
#include <stdio.h>
#include <string.h>

static int static_page(struct mg_connection *mc, void *cbdata)
{
    const char *dir = cbdata;
    char path[4200]; /* dir is at most 4095 characters (server.c) */
    snprintf(path, sizeof path, "%s/index.html", dir);
    /* No caching: a page and its modules change together when the server is updated. */
    mg_send_mime_file2(mc, path, "text/html; charset=utf-8", "Cache-Control: no-cache\r\n");
    return 200;
}

void static_register(struct mg_context *ctx, const char *dir)
{
    mg_set_request_handler(ctx, "/match/", static_page, (void *)dir);
}
