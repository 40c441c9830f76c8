/* targi_data.h: Targi component data (border, goods and tribe cards) as const tables. */
#ifndef TARGI_DATA_H
#define TARGI_DATA_H

#include <stdint.h>

enum { TG_DATE, TG_SALT, TG_PEPPER };
enum { TG_SYM_O, TG_SYM_C, TG_SYM_W, TG_SYM_T, TG_SYM_A, TG_NSYM };
enum { TG_TIME_NONE, TG_TIME_IMMEDIATE, TG_TIME_PERMANENT, TG_TIME_END };

#define TG_NGOODS_TYPES 12
#define TG_NGOODS_CARDS 19
#define TG_NTRIBE 45

/* Tribe card id: symbol * 9 + (number - 1), e.g. TG_CARD(TG_SYM_W, 6) is W6. */
#define TG_CARD(sym, n) ((sym) * 9 + (n) - 1)

typedef struct targi_border_card {
    const char *name;   /* English name */
    const char *short_name; /* at most 8 characters, for the board drawing */
} targi_border_card;

typedef struct targi_goods_card {
    const char *label;  /* G1..G12 */
    const char *gives;  /* short text: "DD", "any", "gold", "VP" */
    uint8_t goods[3];   /* dates, salt, pepper */
    uint8_t choice;     /* 1 good of the receiver's choice */
    uint8_t gold, vp;
    uint8_t count;      /* copies in the deck */
} targi_goods_card;

typedef struct targi_tribe_card {
    const char *label;  /* O1..A9 */
    uint8_t symbol;
    uint8_t cost[3];    /* dates, salt, pepper */
    uint8_t gold;       /* 1 gold in the cost */
    uint8_t alt_gold;   /* "X / G": the goods or 1 gold */
    uint8_t vp;
    uint8_t timing;
    const char *effect; /* one line */
} targi_tribe_card;

extern const targi_border_card targi_border[17];     /* index 1..16 */
extern const targi_goods_card targi_goods[TG_NGOODS_TYPES];
extern const targi_tribe_card targi_tribe[TG_NTRIBE];
extern const uint8_t targi_discount_card[TG_NSYM]; /* O5, C7, W5, T6, A6 */
/* Per card (64 rows, those past the last card zero): its symbol's discount card, and whether it
 * can be paid from the centre without [0] or with [1] that discount, bit targi_pay_index. */
extern const uint8_t targi_tribe_discount[64];
extern const uint64_t targi_centre_pay[64][2];
extern const char targi_symbol_letter[TG_NSYM];
extern const char *const targi_symbol_name[TG_NSYM];
extern const char *const targi_good_name[3];         /* "date", "salt", "pepper" */

#endif
