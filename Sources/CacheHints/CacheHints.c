// CacheHints is header-only (include/CacheHints.h); a C target needs one source file.
#include "CacheHints.h"
