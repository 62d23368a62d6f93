#pragma once
#include <sodium/core.h>
#include <sodium/crypto_aead_chacha20poly1305.h>
