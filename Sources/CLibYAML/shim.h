#ifndef RIFFLE_CLIBYAML_SHIM_H
#define RIFFLE_CLIBYAML_SHIM_H
#include <yaml.h>
#endif
