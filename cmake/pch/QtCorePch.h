// The precompiled header of every C++ target (cmake/Precompiled.cmake): Qt Core as a whole.
// <QtTest> pulls in the whole of Qt Core, so a test file spent most of its compile time
// parsing it; precompiled once, it is loaded instead.
#pragma once
#include <QtCore/QtCore>
