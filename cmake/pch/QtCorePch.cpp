// The translation unit that builds the precompiled header (see cmake/Precompiled.cmake).
