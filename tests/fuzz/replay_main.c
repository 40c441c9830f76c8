/* replay_main.c: the driver that turns a harness into a plain program without libFuzzer: every
 * file named, or found in a folder named, is fed once to LLVMFuzzerTestOneInput. ctest runs it
 * over the committed corpus and the crash reproducers, so regressions need no campaign. */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "fuzz.h"

static int replay_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "replay: cannot open %s\n", path);
        return -1;
    }
    size_t cap = 4096, n = 0;
    uint8_t *buf = malloc(cap);
    for (size_t got; buf && (got = fread(buf + n, 1, cap - n, f)) > 0;) {
        n += got;
        if (n == cap)
            buf = realloc(buf, cap *= 2);
    }
    fclose(f);
    if (!buf)
        abort();
    /* A copy of exactly n bytes, so that ASan sees a read past the input. */
    uint8_t *data = malloc(n ? n : 1);
    memcpy(data, buf, n);
    free(buf);
    LLVMFuzzerTestOneInput(data, n);
    free(data);
    return 0;
}

static int replay_cmp(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* A folder's files in name order (so a run is reproducible); a missing folder is no input. */
static int replay_dir(const char *dir, long *count)
{
    DIR *d = opendir(dir);
    if (!d)
        return 0;
    char **names = NULL;
    size_t n = 0;
    for (struct dirent *e; (e = readdir(d));) {
        if (e->d_name[0] == '.')
            continue;
        names = realloc(names, (n + 1) * sizeof *names);
        names[n] = malloc(strlen(dir) + strlen(e->d_name) + 2);
        sprintf(names[n++], "%s/%s", dir, e->d_name);
    }
    closedir(d);
    qsort(names, n, sizeof *names, replay_cmp);
    int rc = 0;
    for (size_t i = 0; i < n; i++) {
        struct stat st;
        if (!stat(names[i], &st) && S_ISREG(st.st_mode)) {
            rc |= replay_file(names[i]);
            (*count)++;
        }
        free(names[i]);
    }
    free(names);
    return rc;
}

int main(int argc, char **argv)
{
    long count = 0;
    int rc = 0;
    for (int i = 1; i < argc; i++) {
        struct stat st;
        if (!stat(argv[i], &st) && S_ISDIR(st.st_mode)) {
            rc |= replay_dir(argv[i], &count);
        } else if (!stat(argv[i], &st)) {
            rc |= replay_file(argv[i]);
            count++;
        }
    }
    printf("%s: %ld inputs replayed\n", argv[0], count);
    return rc ? 1 : 0;
}
