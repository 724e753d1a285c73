#include <isa-l/igzip_lib.h>

/// The size of level 1's working buffer ISA-L recommends (its macro is too involved for Swift to import).
static const unsigned int isal_level1_buffer_size = ISAL_DEF_LVL1_DEFAULT;
